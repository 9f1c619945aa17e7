<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="56" tileheight="64" tilecount="4" columns="4">
 <image source="terrain.png" width="224" height="64"/>
 <tile id="0" type="grass"/>
 <tile id="1" type="forest">
  <properties>
   <property name="concealment" propertytype="Concealment" value="mostly"/>
   <property name="material" propertytype="Material" value="thick_wood"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="2" type="wall">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="impassable" type="bool" value="true"/>
   <property name="material" propertytype="Material" value="thin_stone"/>
   <property name="tall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="3" type="rubble">
  <properties>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
</tileset>
